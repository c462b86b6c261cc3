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
  type LucideProps,
} from "lucide-react";

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
} as const;

export type IconName = keyof typeof icons;

export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
