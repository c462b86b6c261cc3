import { video } from "../content/program.ts";
import { Island } from "../ui/island.tsx";
import { VideoFacade } from "./video-facade.tsx";
import { Section } from "../ui/section.tsx";
import { Icon } from "../ui/icons.tsx";

export function VideoSection() {
  return (
    <Section headingId="video-title" title={video.title} intro={video.intro}>
      <div className="mx-auto max-w-4xl">
        <Island name="video">
          <VideoFacade />
        </Island>
        <p className="mt-6 text-center">
          <a
            href={video.channelHref}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-4 py-2 font-semibold text-brand hover:bg-surface-alt"
          >
            <Icon name="youtube" className="size-5 shrink-0 text-danger" />
            {video.subscribeLabel}
          </a>
        </p>
      </div>
    </Section>
  );
}
