import type { CSSProperties, ReactNode } from 'react';
import type { Audience } from './audience.ts';
import './illustration.css';

/*
 * One small picture per audience, drawn inline in the theme's colours (the brand's accent, the gray,
 * amber for a star), so each brand wears its own and the cold load pays a few hundred bytes each
 * instead of an image request. Decorative: the text beside them says what they show.
 */
const ACCENT = 'var(--accent-9)';
const MID = 'var(--accent-7)';
const PALE = 'var(--accent-3)';
const INK = 'var(--gray-12)';
const SKIN = '#e9b48c';
const HAIR = 'var(--gray-12)';
const STAR = 'var(--amber-9)';

const DRAWINGS: Record<Audience, ReactNode> = {
  // A parent and child reading together.
  parent: (
    <>
      <circle cx="60" cy="60" r="48" fill={PALE} />
      <circle cx="44" cy="36" r="11" fill={SKIN} />
      <path d="M33 34a11 11 0 0 1 22 0c-4-4-14-5-22 0z" fill={HAIR} />
      <path d="M26 96c0-22 8-38 18-38s18 16 18 38z" fill={ACCENT} />
      <circle cx="80" cy="52" r="8" fill={SKIN} />
      <path d="M72 50a8 8 0 0 1 16 0c-3-3-11-3-16 0z" fill={HAIR} />
      <path d="M67 96c0-16 6-28 13-28s13 12 13 28z" fill={MID} />
      <path d="M46 80l17-6 17 6v14l-17-5-17 5z" fill="white" stroke={INK} strokeWidth="2" strokeLinejoin="round" />
      <path d="M63 74v15" stroke={INK} strokeWidth="2" />
    </>
  ),
  // A pupil at a laptop, a star for a right answer.
  student: (
    <>
      <circle cx="60" cy="60" r="48" fill={PALE} />
      <circle cx="60" cy="40" r="12" fill={SKIN} />
      <path d="M48 38a12 12 0 0 1 24 0c-5-5-17-5-24 0z" fill={HAIR} />
      <path d="M38 92c0-20 10-34 22-34s22 14 22 34z" fill={ACCENT} />
      <rect x="34" y="76" width="52" height="20" rx="3" fill="white" stroke={INK} strokeWidth="2" />
      <path d="M28 96h64" stroke={INK} strokeWidth="3" strokeLinecap="round" />
      <path d="m92 18 3.5 7 7.5 1-5.5 5.3 1.3 7.7-6.8-3.6-6.8 3.6 1.3-7.7-5.5-5.3 7.5-1z" fill={STAR} />
    </>
  ),
  // A school with its flag and door.
  school: (
    <>
      <circle cx="60" cy="60" r="48" fill={PALE} />
      <path d="M24 58 60 34l36 24v38H24z" fill="white" stroke={INK} strokeWidth="2" strokeLinejoin="round" />
      <path d="M18 60 60 30l42 30" fill="none" stroke={ACCENT} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="52" y="72" width="16" height="24" rx="2" fill={ACCENT} />
      <rect x="32" y="66" width="12" height="10" rx="1.5" fill={MID} />
      <rect x="76" y="66" width="12" height="10" rx="1.5" fill={MID} />
      <path d="M60 30V12" stroke={INK} strokeWidth="2" />
      <path d="M60 12h14l-4 5 4 5H60z" fill={STAR} />
    </>
  ),
  // Bars that rise, and the quest's hexagon with its tick.
  questProgress: (
    <>
      <circle cx="60" cy="60" r="48" fill={PALE} />
      <rect x="26" y="70" width="14" height="24" rx="2" fill={MID} />
      <rect x="46" y="56" width="14" height="38" rx="2" fill={MID} />
      <rect x="66" y="40" width="14" height="54" rx="2" fill={ACCENT} />
      <path d="M22 96h76" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
      <path d="M94 14l13 7.5v15L94 44l-13-7.5v-15z" fill="white" stroke={ACCENT} strokeWidth="3" strokeLinejoin="round" />
      <path d="m88.5 29.5 4 4 7.5-8" fill="none" stroke={ACCENT} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  // An entry paper with its answers ticked, and the clock of the sitting.
  questAdmissions: (
    <>
      <circle cx="60" cy="60" r="48" fill={PALE} />
      <rect x="30" y="22" width="46" height="74" rx="4" fill="white" stroke={INK} strokeWidth="2" />
      <rect x="42" y="16" width="22" height="10" rx="3" fill={ACCENT} />
      <path d="m38 42 4 4 7-7M38 60l4 4 7-7M38 78l4 4 7-7" fill="none" stroke={ACCENT} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M55 44h14M55 62h14M55 80h10" stroke={MID} strokeWidth="4" strokeLinecap="round" />
      <circle cx="88" cy="84" r="16" fill="white" stroke={INK} strokeWidth="2" />
      <path d="M88 75v9l6 4" fill="none" stroke={ACCENT} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};

/** The audience's picture, `size` px wide (120 unless told), hidden from assistive technology. */
export const AudienceIllustration = ({ audience, size = 120 }: { audience: Audience; size?: number }) => (
  <svg
    className="ui-illustration"
    data-audience={audience}
    width={size}
    height={size}
    style={{ '--ui-illustration-size': `${size}px` } as CSSProperties}
    viewBox="0 0 120 120"
    aria-hidden="true"
    focusable="false"
  >
    {DRAWINGS[audience]}
  </svg>
);
