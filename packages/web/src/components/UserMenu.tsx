import { Button, Menu } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { clearToken } from '../auth/token.ts';

/** The signed-in user's menu in the header (spec section 2, App shell header). */
export default function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const logout = () => {
    clearToken('logout');
    navigate('/app/home');
  };
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <Button variant="subtle">{name}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/app/account">
          Manage Account
        </Menu.Item>
        <Menu.Item component={Link} to="/app/profile">
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/app/pay">
          My Plan
        </Menu.Item>
        <Menu.Item component={Link} to="/app/history">
          History
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
