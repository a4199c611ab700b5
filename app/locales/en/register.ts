// English messages: the register's import and review pages (spread into the manage area, ADR 012).
export const enRegister = {
  "register.title": "Kashrut register",
} as const;
