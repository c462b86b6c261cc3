import { video } from "../content/program.ts";
import { Island } from "../islands.tsx";
import { Section } from "../ui/section.tsx";

export function VideoSection() {
  return (
    <Section headingId="video-title" title={video.title} intro={video.intro}>
      <div className="mx-auto max-w-4xl">
        <Island name="video" />
        <p className="mt-6 text-center">
          <a
            href={video.channelHref}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand underline underline-offset-4 hover:no-underline"
          >
            {video.subscribeLabel}
          </a>
        </p>
      </div>
    </Section>
  );
}
