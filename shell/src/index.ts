// No async boundary: every shared module the shell's start uses is provided eagerly, in its entry's files
// (ADR 017), so the runtime can hand them over at once instead of resolving the bootstrap chunk's
// shared modules one `loadShare` at a time (ADR 024). TanStack Query, the one shared module that is
// not eager, is only ever imported dynamically. A composed page holds this script until its first paint.
import './bootstrap';
