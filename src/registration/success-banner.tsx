import { Icon } from "../ui/icons.tsx";
import { successBanner } from "../content/registration.ts";

/** The live region stays in the page and only its content changes, so screen readers announce it. */
export function SuccessBanner({
  visible,
  studentEmailed,
}: {
  visible: boolean;
  studentEmailed: boolean;
}) {
  return (
    <div role="status" aria-live="polite">
      {visible && (
        <div className="mt-4 flex items-start gap-3 rounded-lg bg-success p-4 text-white">
          <Icon name="circle-check" className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="font-semibold">{successBanner.title}</p>
            <p className="mt-1 text-sm">
              {studentEmailed ? successBanner.text : successBanner.textWithoutConfirmation}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
