// A page like the home page's grid for compression tests: markup that repeats around text that
// does not, so its densest brotli is smaller than the quick one. `variant` makes another page.
const WORDS = [
  "Olive",
  "Cedar",
  "Lemon",
  "Harbor",
  "Garden",
  "Copper",
  "זית",
  "ארז",
  "לימון",
  "נמל",
  "Grill",
  "Sushi",
  "Cafe",
];

export function cardsPage(variant = 0): string {
  const name = (i: number) => [0, 1, 2].map((k) => WORDS[(i * 7 + k * 5 + ((i * i) % 11)) % WORDS.length]).join(" ");
  const cards = Array.from(
    { length: 300 },
    (_, i) =>
      `<li class="card rounded border p-4"><a href="/en/restaurant/place-${(i * 7919 + variant) % 1000}">${name(i + variant)} ${i * 13}</a><span>${i % 3 ? "Tzohar" : "Rabanut"}</span></li>`,
  );
  return `<ul>${cards.join("")}</ul>`;
}
