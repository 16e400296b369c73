import { Title } from '@mantine/core';

/** The admin area (issue: admin dashboard). Loaded lazily from /admin. */
export default function AdminPage() {
  return <Title order={1}>Admin</Title>;
}
