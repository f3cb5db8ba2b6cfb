// The shell's entry is its app: with no federation build plugin there is no share scope to settle
// before it runs (ADR 024). A composed page holds this script until its first paint (after-first-paint.ts).
import './bootstrap';
