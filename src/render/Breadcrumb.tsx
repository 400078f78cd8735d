// users-and-wallets §2: the breadcrumb bar is built from the current path, falling back to 'Dashboard', and holds
// the tenant selector on its right (visibility of the selector is the shell's business, users-and-wallets §6).
import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export const BREADCRUMB_FALLBACK = 'Dashboard';

export interface Crumb {
  label: string;
  to: string;
}

function humanize(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // a malformed escape shows as typed
  }
  text = text.replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The crumbs of `pathname`: one per segment, labelled by `labels[path]` (e.g. from the menu) or the segment. */
export function breadcrumbTrail(pathname: string, labels: Record<string, string> = {}): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs = segments.map((segment, index) => {
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    return { label: labels[to] ?? humanize(segment), to };
  });
  const shown = crumbs.filter((crumb) => crumb.label !== '');
  return shown.length > 0 ? shown : [{ label: labels['/'] ?? BREADCRUMB_FALLBACK, to: '/' }];
}

export interface BreadcrumbProps {
  /** Labels by path, e.g. menu routes to menu labels. */
  labels?: Record<string, string>;
  /** The right-hand slot: the tenant selector. */
  children?: ReactNode;
}

export function Breadcrumb({ labels, children }: BreadcrumbProps) {
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname, labels);
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py="xs">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          {trail.map((crumb, index) =>
            index === trail.length - 1 ? (
              <Text key={crumb.to} size="sm" fw={500} aria-current="page">
                {crumb.label}
              </Text>
            ) : (
              <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </nav>
      {children}
    </Group>
  );
}
