import { Icon } from "../ui/icons.tsx";
import { useState } from "react";
import posterUrl from "../assets/video-poster.svg";
import { video } from "../content/program.ts";

const POSTER_WIDTH = 1280;
const POSTER_HEIGHT = 720;

/** The play button that had focus is gone: focus goes to the player, not back to the page top. */
const focusPlayer = (frame: HTMLIFrameElement | null) => frame?.focus();

/** The youtube-nocookie player, its scripts and cookies load only once the visitor asks. */
export function VideoFacade() {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-brand-strong shadow-lg">
      {playing ? (
        <iframe
          ref={focusPlayer}
          className="absolute inset-0 size-full"
          src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`}
          title={video.iframeTitle}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button
          type="button"
          className="group absolute inset-0 size-full cursor-pointer"
          aria-label={video.playLabel}
          onClick={() => setPlaying(true)}
        >
          <img
            src={posterUrl}
            alt=""
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
          <span className="absolute top-1/2 left-1/2 flex size-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-accent text-white shadow-xl transition-colors group-hover:bg-accent-strong sm:size-24">
            <Icon name="play" fill="currentColor" className="ml-1 size-9 sm:size-11" />
          </span>
        </button>
      )}
    </div>
  );
}
