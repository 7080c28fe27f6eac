import { Badge, Button, Group } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../auth/session.ts';
import { formatCount } from '../format.ts';

/**
 * The top line of the upload screens (spec section 2): a Back control going one step back and,
 * when the token says pages are left, a Pages Left badge that opens /app/pay.
 */
export function BackAndPages() {
  const navigate = useNavigate();
  const pagesLeft = useSession()?.claims.page_left ?? 0;
  return (
    <Group justify="space-between">
      <Button variant="subtle" px="xs" onClick={() => navigate(-1)}>
        ← Back
      </Button>
      {pagesLeft > 0 && (
        <Badge component={Link} to="/app/pay" size="lg" variant="light" style={{ cursor: 'pointer' }}>
          Pages Left: {formatCount(pagesLeft)}
        </Badge>
      )}
    </Group>
  );
}
