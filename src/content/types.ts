// The shapes of the site's content. Sections lay these out; they never hold copy of their own.

/** The icons content can name; src/ui/icons.tsx draws each (and must draw every one). */
export type IconName =
  | "briefcase"
  | "cloud"
  | "database"
  | "flask"
  | "gauge"
  | "globe"
  | "graduation"
  | "lifebuoy"
  | "messages"
  | "route"
  | "server"
  | "shield"
  | "users";

/** The drawn portraits an instructor can name; src/ui/avatar.tsx colours each. */
export type PortraitKey = "navy" | "teal";

export type Link = { label: string; href: string };

export type Feature = { icon: IconName; text: string };

export type CurriculumItem = {
  weeks: string;
  title: string;
  description: string;
  icon: IconName;
};

export type Instructor = {
  name: string;
  role: string;
  experience: string;
  /** The colour of the drawn initials the card shows when there is no photo (src/ui/avatar.tsx). */
  imageKey: PortraitKey;
  /**
   * The instructor's photo: a file name in src/assets/people/ (JPEG, PNG, WebP or AVIF, any
   * size), e.g. "daniel-carter.jpg". The build crops and sizes it; without one, the initials.
   */
  photo?: string;
  /** Kept for operators and future use; the page does not show descriptions (docs/spec-facts.md). */
  description: string;
};

export type Testimonial = {
  name: string;
  role: string;
  content: string;
  rating: number;
  /** The student's photo, shown small beside the name: a file name in src/assets/people/. */
  photo?: string;
};

export type Phone = { label: string; display: string; tel: string };

export type OfficeHours = { days: string; hours: string };

export type SocialNetwork =
  "linkedin" | "twitter" | "facebook" | "instagram" | "youtube" | "tiktok";

export type SocialLink = { network: SocialNetwork; label: string; href: string };
