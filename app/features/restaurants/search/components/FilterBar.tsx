// The home page filter bar. It is a GET form, so without JavaScript it still filters (the
// server renders the result); with JavaScript every change applies at once.
import { Form, Link } from "react-router";
import { Disclosure } from "../../../../components/ui/Disclosure";
import { formatCount } from "../../../../lib/numbers";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { KASHRUT_LABELS, KASHRUT_VALUES, TAG_NAMES, tagLabel } from "../../core";
import { FACT_FILTERS, hasActiveFilters, LINK_FILTERS, toggle, type FilterState } from "../filters";

interface FilterBarProps {
  filters: FilterState;
  resultCount: number;
  /** The count is a floor: "more than" (a large directory's database stops counting). */
  resultCountIsAtLeast?: boolean;
  homePath: string;
  /** In Pesach's season, the "Kosher for Pesach" filter shows. */
  pesachSeason?: boolean;
  onSearchChange: (value: string) => void;
  onChange: (next: FilterState) => void;
  onClear: () => void;
}

/** One filter option. Without a name it is not sent with the form (the "All" option). */
function Check({
  name,
  value,
  label,
  checked,
  onChange,
  radio,
}: {
  name?: string;
  value?: string;
  label: string;
  checked: boolean;
  onChange: () => void;
  radio?: boolean;
}) {
  return (
    <label className="flex min-h-9 items-center gap-2 text-sm">
      <input
        type={radio ? "radio" : "checkbox"}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="h-4 w-4 shrink-0 rounded border-stone-400 accent-brand-700"
      />
      {label}
    </label>
  );
}

export function FilterBar({
  filters,
  resultCount,
  resultCountIsAtLeast = false,
  homePath,
  pesachSeason = false,
  onSearchChange,
  onChange,
  onClear,
}: FilterBarProps) {
  const { language, t } = useLanguage();
  const count = (n: number) =>
    n > 0 ? (
      <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">
        {t("filters.selected", { count: n })}
      </span>
    ) : null;

  return (
    <Form
      method="get"
      action={homePath}
      role="search"
      aria-label={t("filters.title")}
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        // With JavaScript the filters are already applied; Enter in the search box does nothing more.
        // (This runs only once the page is hydrated: without JavaScript the browser sends the form.)
        event.preventDefault();
      }}
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div>
          <label htmlFor="restaurant-search" className="sr-only">
            {t("filters.search")}
          </label>
          <div className="relative">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="pointer-events-none absolute start-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
            </svg>
            <input
              id="restaurant-search"
              type="search"
              name="q"
              value={filters.searchTerm}
              onChange={(event) => onSearchChange(event.target.value)}
              placeholder={t("filters.searchPlaceholder")}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              className="min-h-11 w-full rounded-lg border border-stone-300 bg-white py-2 ps-10 pe-3 text-base placeholder:text-stone-500"
            />
          </div>
        </div>

        <Disclosure label={t("filters.kashrut")} summaryExtra={count(filters.kashrutTypes.length)}>
          <fieldset>
            <legend className="sr-only">{t("filters.kashrut")}</legend>
            {KASHRUT_VALUES.map((value) => (
              <Check
                key={value}
                name="kashrut"
                value={value}
                label={KASHRUT_LABELS[value][language]}
                checked={filters.kashrutTypes.includes(value)}
                onChange={() => onChange({ ...filters, kashrutTypes: toggle(filters.kashrutTypes, value) })}
              />
            ))}
          </fieldset>
        </Disclosure>

        <Disclosure
          label={t("filters.tags")}
          summaryExtra={count(filters.selectedTags.length)}
          panelClassName="w-[min(22rem,85vw)]"
        >
          <fieldset>
            <legend className="sr-only">{t("filters.tags")}</legend>
            <div className="grid max-h-72 grid-cols-2 gap-x-3 overflow-y-auto">
              {TAG_NAMES.map((tag) => (
                <Check
                  key={tag}
                  name="tag"
                  value={tag}
                  label={tagLabel(tag, language)}
                  checked={filters.selectedTags.includes(tag)}
                  onChange={() => onChange({ ...filters, selectedTags: toggle(filters.selectedTags, tag) })}
                />
              ))}
            </div>
          </fieldset>
        </Disclosure>

        <Disclosure label={t("filters.links")} summaryExtra={count(filters.linkFilters.length)} panelClassName="w-56">
          <fieldset>
            <legend className="sr-only">{t("filters.links")}</legend>
            <Check
              label={t("filters.linksAll")}
              checked={filters.linkFilters.length === 0}
              onChange={() => onChange({ ...filters, linkFilters: [] })}
            />
            {LINK_FILTERS.map((link) => (
              <Check
                key={link}
                name="link"
                value={link}
                label={t(`filters.link.${link}`)}
                checked={filters.linkFilters.includes(link)}
                onChange={() => onChange({ ...filters, linkFilters: toggle(filters.linkFilters, link) })}
              />
            ))}
          </fieldset>
        </Disclosure>

        {/* Up to a price level (radios: "All" is sent empty and read as none), and the practical facts. */}
        <Disclosure
          label={t("filters.more")}
          summaryExtra={count((filters.priceUpTo > 0 ? 1 : 0) + filters.factFilters.length)}
          panelClassName="w-56"
        >
          <fieldset>
            <legend className="text-sm font-medium">{t("filters.price")}</legend>
            {[0, 1, 2, 3].map((level) => (
              <Check
                key={level}
                radio
                name="price"
                value={level ? String(level) : ""}
                label={level ? t("filters.priceUpTo", { price: "₪".repeat(level) }) : t("filters.priceAny")}
                checked={filters.priceUpTo === level}
                onChange={() => onChange({ ...filters, priceUpTo: level })}
              />
            ))}
          </fieldset>
          <fieldset className="mt-2">
            <legend className="sr-only">{t("filters.more")}</legend>
            {FACT_FILTERS.map((fact) => (
              <Check
                key={fact}
                name="has"
                value={fact}
                label={t(`facts.${fact}`)}
                checked={filters.factFilters.includes(fact)}
                onChange={() => onChange({ ...filters, factFilters: toggle(filters.factFilters, fact) })}
              />
            ))}
          </fieldset>
        </Disclosure>
      </div>

      {/* The view is no filter, but applying filters without JavaScript keeps it. */}
      {filters.view === "map" ? <input type="hidden" name="view" value="map" /> : null}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <Check
          name="verified"
          value="recent"
          label={t("filters.recentlyVerified")}
          checked={filters.recentlyVerified}
          onChange={() => onChange({ ...filters, recentlyVerified: !filters.recentlyVerified })}
        />
        <Check
          name="open"
          value="now"
          label={t("filters.openNow")}
          checked={filters.openNow}
          onChange={() => onChange({ ...filters, openNow: !filters.openNow })}
        />
        {/* Valid or renewal pending (core/certificate-status.ts). */}
        <Check
          name="certificate"
          value="valid"
          label={t("filters.certificate")}
          checked={filters.validCertificate}
          onChange={() => onChange({ ...filters, validCertificate: !filters.validCertificate })}
        />
        {pesachSeason ? (
          <Check
            name="pesach"
            value="kosher"
            label={t("pesach.kosher")}
            checked={filters.pesachKosher}
            onChange={() => onChange({ ...filters, pesachKosher: !filters.pesachKosher })}
          />
        ) : null}
        <p aria-live="polite" className="font-medium text-stone-700" data-testid="result-count">
          {resultCountIsAtLeast
            ? t("home.resultsMoreThan", { count: formatCount(resultCount) })
            : resultCount === 1
              ? t("home.resultsOne")
              : t("home.results", { count: resultCount })}
        </p>
        {hasActiveFilters(filters) ? (
          <Link
            to={homePath}
            onClick={(event) => {
              event.preventDefault();
              onClear();
            }}
            className="rounded-md px-2 py-1 font-medium text-brand-800 underline underline-offset-4 hover:bg-brand-50"
          >
            {t("filters.clear")}
          </Link>
        ) : null}
        {/* For a browser without JavaScript; hidden by a style once the page is hydrated (filters
            apply as they change), so nothing here is rendered again after hydration. */}
        <button
          type="submit"
          className="ms-auto rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 hydrated:hidden"
        >
          {t("filters.apply")}
        </button>
      </div>
    </Form>
  );
}
