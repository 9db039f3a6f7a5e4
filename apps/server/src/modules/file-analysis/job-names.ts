/** The parse job's name; the job itself is defined in parse-job.ts. */
export const PARSE_JOB = 'file-analysis.parse-cost-file';
