// A link that marks itself when it leads to the page shown: `aria-current="page"` and the look its
// `className` gives an active link. React Router's NavLink does the same and more (pending and
// view-transition states, relative and encoded paths) that no page here uses; being in the
// framework file, its code came with every first visit though only the header and the dashboard
// show such links. Our links' paths are absolute and plain, so React Router's matcher decides.
import type { ComponentProps } from "react";
import { Link, matchPath, useLocation } from "react-router";

/**
 * Whether the page at `pathname` is the one a link to `to` leads to, read by React Router's own
 * matcher: letters in any case, and (unless `end`) any page under it (`/blogs` for `/blogs/2`, not
 * `/blogsx`).
 */
export const isCurrentPath = (pathname: string, to: string, end: boolean): boolean =>
  matchPath({ path: to, end }, pathname) !== null;

type NavLinkProps = Omit<ComponentProps<typeof Link>, "to" | "className"> & {
  /** An absolute path without a query or a fragment (`/he/blogs`), as every menu here has. */
  to: string;
  /** Only this page, not those under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const isActive = isCurrentPath(useLocation().pathname, to, end);
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
