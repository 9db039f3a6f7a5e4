import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileHttp } from '@/lib/http.ts';

/** A help file through the file client (Bearer, 60 s), as a blob for an object URL. */
export const getHelpFile = (filePath: string) => fileHttp.get(filePath);

export const getHelpFileQueryOptions = (filePath: string) =>
  queryOptions({
    queryKey: ['help', 'file', filePath],
    queryFn: () => getHelpFile(filePath),
    staleTime: Infinity,
  });

export const useHelpFile = (filePath: string) =>
  useQuery({ ...getHelpFileQueryOptions(filePath), enabled: !!filePath });
