// Icons by typed key, so content can name an icon without holding JSX.
import {
  Briefcase,
  Cloud,
  Database,
  FlaskConical,
  Gauge,
  Globe,
  GraduationCap,
  LifeBuoy,
  MessagesSquare,
  Route,
  Server,
  ShieldCheck,
  Users,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";
import type { IconName } from "../content/types.ts";

const icons = {
  briefcase: Briefcase,
  cloud: Cloud,
  database: Database,
  flask: FlaskConical,
  gauge: Gauge,
  globe: Globe,
  graduation: GraduationCap,
  lifebuoy: LifeBuoy,
  messages: MessagesSquare,
  route: Route,
  server: Server,
  shield: ShieldCheck,
  users: Users,
} as const satisfies Record<IconName, LucideIcon>;

export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
