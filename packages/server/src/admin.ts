import { eq } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { users } from './db/schema.ts';

/** Makes the account with this e-mail an admin; false when there is no such account. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}
