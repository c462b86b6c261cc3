import { salary } from "../content/program.ts";

export function SalarySection() {
  return (
    <section aria-labelledby="salary-title" className="bg-brand py-16 text-white lg:py-24">
      <div className="mx-auto max-w-3xl px-5 text-center">
        <h2 id="salary-title" className="text-xl font-semibold text-white/90 sm:text-2xl">
          {salary.title}
        </h2>
        <p className="mt-4 text-[clamp(3rem,9vw,5.5rem)] leading-none font-extrabold tracking-tight">
          {salary.amount}
        </p>
        <p className="mt-3 text-lg font-medium">{salary.caption}</p>
        <p className="mx-auto mt-4 max-w-2xl text-white/85">{salary.note}</p>
      </div>
    </section>
  );
}
