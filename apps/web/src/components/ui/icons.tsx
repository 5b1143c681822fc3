/**
 * The frame's icons, from the one icon set (lucide, imported one by one so only these are
 * bundled). Decorative: every control using one carries its own label.
 */
import {
  ChartColumn,
  FileText,
  Globe,
  HeartPulse,
  House,
  Inbox,
  List,
  type LucideIcon,
  MapPin,
  Menu,
  Moon,
  Settings,
  ShieldCheck,
  Sun,
  Users,
} from 'lucide-react';

/** Each icon by name (the route table names the sidebar's; see app/routes.ts). */
const ICONS = {
  menu: Menu,
  sun: Sun,
  moon: Moon,
  globe: Globe,
  list: List,
  heart: HeartPulse,
  form: FileText,
  gear: Settings,
  users: Users,
  inbox: Inbox,
  home: House,
  chart: ChartColumn,
  shield: ShieldCheck,
  mapPin: MapPin,
} satisfies Record<string, LucideIcon>;
type FrameIconName = keyof typeof ICONS;

/** The sidebar's icons: all but the top bar's. */
export type NavIconName = Exclude<FrameIconName, 'menu' | 'sun' | 'moon' | 'globe'>;

export function FrameIcon({ name }: { name: FrameIconName }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" className="size-5" />;
}
