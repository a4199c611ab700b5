// The spec's two built-in sample posts: loaded as demo data, and shown when the list fails to load.

export interface SamplePost {
  slug: string;
  title: string;
  subtitle: string;
  image: string;
  date: string;
  content: string;
}

export const SAMPLE_POSTS: SamplePost[] = [
  {
    slug: "top-5-kosher-restaurants-in-tel-aviv",
    title: "Top 5 Kosher Restaurants in Tel Aviv",
    subtitle: "From seaside grills to quiet dairy cafés: five kosher places worth a table tonight.",
    image: "/images/blog-top-5.svg",
    date: "2024-01-05T09:00:00.000Z",
    content: `## Why Tel Aviv is a kosher city

Tel Aviv is known for its beaches and nightlife, but it is also home to a growing number of excellent kosher restaurants.

## Our five picks

1. **A seaside grill** – fresh fish and meat over coals, with a view of the promenade.
2. **A dairy café** – shakshuka, pastries and strong coffee for a slow morning.
3. **A chef's restaurant** – a tasting menu that changes with the seasons.
4. **A burger bar** – thick patties and hand-cut fries, late into the night.
5. **A sushi counter** – careful rolls under strict supervision.

> Always call ahead: hours and supervision can change, especially around holidays.

Use the filters on the home page to find places by kashrut, cuisine and booking options.`,
  },
  {
    slug: "understanding-kashrut-certifications",
    title: "Understanding Kashrut Certifications",
    subtitle: "Rabanut, Mehadrin and Tzohar: what each certificate means when you choose where to eat.",
    image: "/images/blog-kashrut.svg",
    date: "2024-01-12T09:00:00.000Z",
    content: `## What is a teuda?

A *teuda* (certificate) is the document a restaurant displays to show which body supervises its kashrut.

## Rabanut

The local rabbinate's standard certificate. It covers the basic requirements of kashrut and is the most common certificate in Tel Aviv.

## Mehadrin

A stricter level of the rabbinate's supervision, with additional requirements on produce, meat and the supervisor's presence.

## Tzohar

An independent supervision by the Tzohar rabbinic organisation, based on transparency and on the restaurant's own commitment.

## How to check

- Look for the certificate on the wall, and check its date.
- Ask the staff if you are unsure.
- On this site, each restaurant page shows its kashrut and, where available, a photo of the certificate.`,
  },
];
