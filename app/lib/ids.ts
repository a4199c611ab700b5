// Ids in URLs and forms come from the client: check their shape before the database sees them
// (PostgreSQL refuses a malformed uuid with an error, which would otherwise surface as a 500).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
