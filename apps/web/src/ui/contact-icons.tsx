import { Svg, type IconProps } from './icons';

/**
 * The footer's icons (messaging, e-mail, tax number, social networks), apart from icons.tsx: the footer's code is
 * fetched only when the browser renders the footer (app/shell/footer.tsx), and these go with it.
 */
export const ChatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4.2 19.8 5.3 16A8.2 8.2 0 1 1 8.2 18.8Z" />
    <path
      d="M9 9.2c.3 2.3 2.4 4.6 5.3 5.4l1-1.3-1.7-.9-.7.7c-1-.4-1.9-1.3-2.3-2.3l.7-.7-.9-1.7Z"
      strokeWidth={1.3}
    />
  </Svg>
);
export const MailIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
  </Svg>
);
export const ReceiptIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2Z" />
    <path d="M9 8h6M9 12h6" />
  </Svg>
);
export const FacebookIcon = (p: IconProps) => (
  <Svg {...p} stroke="none" fill="currentColor">
    <path d="M13.4 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.6-1.5h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21Z" />
  </Svg>
);
export const InstagramIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </Svg>
);
export const YoutubeIcon = (p: IconProps) => (
  <Svg {...p} stroke="none" fill="currentColor">
    <path
      fillRule="evenodd"
      d="M21.2 7.6a2.6 2.6 0 0 0-1.8-1.8C17.8 5.4 12 5.4 12 5.4s-5.8 0-7.4.4a2.6 2.6 0 0 0-1.8 1.8C2.4 9.2 2.4 12 2.4 12s0 2.8.4 4.4a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.4.4 7.4.4s5.8 0 7.4-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.4.4-4.4s0-2.8-.4-4.4ZM10.1 15V9l5 3Z"
    />
  </Svg>
);
export const TiktokIcon = (p: IconProps) => (
  <Svg {...p} stroke="none" fill="currentColor">
    <path d="M16.2 3h-3v12.1a2.6 2.6 0 1 1-2.6-2.6c.3 0 .6 0 .8.1V9.5a5.7 5.7 0 1 0 4.8 5.6V9.2a7 7 0 0 0 3.9 1.2V7.3A3.9 3.9 0 0 1 16.2 3Z" />
  </Svg>
);
