/// <reference lib="webworker" />
import SparkMD5 from 'spark-md5';

/** Reads the file 5 MB at a time, so hashing a 1 GB file never holds more than one slice. */
const SLICE = 5 * 1024 * 1024;

self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  const { file } = event.data;
  const spark = new SparkMD5.ArrayBuffer();
  try {
    for (let offset = 0; offset < file.size; offset += SLICE) {
      spark.append(await file.slice(offset, offset + SLICE).arrayBuffer());
      self.postMessage({
        type: 'progress',
        percent: Math.min(100, Math.round(((offset + SLICE) / file.size) * 100)),
      });
    }
    self.postMessage({ type: 'done', md5: spark.end() });
  } catch (error) {
    self.postMessage({ type: 'error', message: String(error) });
  }
};
