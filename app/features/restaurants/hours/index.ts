// Hours: weekly opening hours, their editing and the open/closed line.
// Its public file: the rest of the wing imports this part only through its index files, never a file inside it.
export { OpenStatus, WeekHours } from "./components/Hours";
export {
  isClock,
  minutesOf,
  rangeSpan,
  statusAt,
  type DayExceptions,
  type RestWindow,
  type WeeklyHours,
} from "./hours";
export { openLineAt, type OpenLine, type ShortStatus } from "./open-line";
