import { Button, Menu } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { serverLogout } from '../api/auth.ts';
import { clearToken } from '../auth/token.ts';

/** The menu's screens, in the specification's order (spec section 2, App shell header). */
const ITEMS = [
  ['Manage Account', '/app/account'],
  ['Profile', '/app/profile'],
  ['My Plan', '/app/pay'],
  ['History', '/app/history'],
  // Not in the specification: the office's clients and the inbox its drops are sorted from (issue 13).
  ['Clients', '/app/clients'],
  ['Inbox', '/app/inbox'],
  ['Team', '/app/team'],
] as const;

/** The signed-in user's menu in the header. */
export default function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const logout = () => {
    serverLogout();
    clearToken('logout');
    navigate('/app/home');
  };
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <Button variant="subtle">{name}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ITEMS.map(([label, to]) => (
          <Menu.Item key={to} component={Link} to={to}>
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
