import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../api/errors';
import { Loading } from './Loading';

/**
 * A panel's one read, drawn the one way: the spinner while it loads, its error as the spec's text in an alert, and
 * `children` with the data once it is there.
 */
export function QueryGate<Data>({
  query,
  title,
  fallback,
  children,
}: {
  query: UseQueryResult<Data>;
  /** The alert's title when the read fails. */
  title?: string;
  /** The text of an error the gateway did not explain (errorText's own when absent). */
  fallback?: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={title}>
        {errorText(query.error, fallback)}
      </Alert>
    );
  }
  return children(query.data);
}
