import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx", { id: "home-en" }),
  route("he", "routes/home.tsx", { id: "home-he" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
