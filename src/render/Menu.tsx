// The navigation menu of a tenant (identity-and-catalogue §2 "Per-tenant menus"): items come already resolved by
// src/config/catalogue.ts resolveMenu (role group chosen, rules applied, tenant labels applied); this only draws them.
import { useState, type ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { ResolvedMenuItem } from '../config/catalogue';

export interface MenuProps {
  items: ResolvedMenuItem[];
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Draws an item's `icon` name; menus render without icons when absent. */
  renderIcon?: (icon: string) => ReactNode;
  /** Called after an item is followed, e.g. to close the mobile navbar. */
  onNavigate?: () => void;
}

/** A route is active on itself and on the paths below it ('/' only on itself). */
export function isActiveRoute(route: string, pathname: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  const target = normalize(route);
  const current = normalize(pathname);
  return target === '/' ? current === '/' : current === target || current.startsWith(`${target}/`);
}

function containsActive(item: ResolvedMenuItem, pathname: string): boolean {
  return (item.route !== undefined && isActiveRoute(item.route, pathname)) || (item.children ?? []).some((child) => containsActive(child, pathname));
}

/** A parent entry is a disclosure button (keyboard reachable, aria-expanded) folding its entries. */
function MenuGroup({ item, pathname, renderIcon, onNavigate, icon }: { item: ResolvedMenuItem; pathname: string; icon: ReactNode } & Pick<MenuProps, 'renderIcon' | 'onNavigate'>) {
  const [opened, setOpened] = useState(() => containsActive(item, pathname));
  return (
    <NavLink component="button" type="button" label={item.label} leftSection={icon} opened={opened} onChange={setOpened} aria-expanded={opened} childrenOffset="md">
      {(item.children ?? []).map((child) => (
        <MenuEntry key={`${child.label}${child.route ?? ''}`} item={child} pathname={pathname} renderIcon={renderIcon} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function MenuEntry({ item, pathname, renderIcon, onNavigate }: { item: ResolvedMenuItem; pathname: string } & Pick<MenuProps, 'renderIcon' | 'onNavigate'>) {
  const icon = item.icon && renderIcon ? renderIcon(item.icon) : undefined;
  if (item.children?.length) {
    return <MenuGroup item={item} pathname={pathname} renderIcon={renderIcon} onNavigate={onNavigate} icon={icon} />;
  }
  const active = item.route !== undefined && isActiveRoute(item.route, pathname);
  return (
    <NavLink
      component={Link}
      to={item.route ?? '/'}
      label={item.label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

export function Menu({ items, label = 'Main menu', renderIcon, onNavigate }: MenuProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      {items.map((item) => (
        <MenuEntry key={`${item.label}${item.route ?? ''}`} item={item} pathname={pathname} renderIcon={renderIcon} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}
