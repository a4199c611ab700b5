/**
 * The classes given, joined with spaces, leaving out those not wanted (`false`, `null`,
 * `undefined`, ""): `cn("a", active && "b")`.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
