import { ERROR_CODES } from '@ks/contract/errors';
import type { PublishedNode } from '@ks/contract/node-definition';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { recordKeys } from './query-keys.ts';
import type { NodeRef } from './types.ts';

/**
 * GET /ks/config/node/published: the node's published definition, which drives the runtime pages.
 * A node not yet published answers 404, a node the caller neither uses nor reviews 403; the page
 * says so in place, without a dialog over the shell.
 */
export const getPublishedNode = (node: NodeRef) =>
  http.get<PublishedNode>('/ks/config/node/published', {
    query: node,
    quietCodes: [ERROR_CODES.NOT_FOUND, ERROR_CODES.FORBIDDEN],
  });

export const getPublishedNodeQueryOptions = (node: NodeRef) =>
  queryOptions({ queryKey: recordKeys.published(node), queryFn: () => getPublishedNode(node) });

export const usePublishedNode = (node: NodeRef) =>
  useQuery({ ...getPublishedNodeQueryOptions(node), enabled: !!node.systemCoding && !!node.gnCoding });
