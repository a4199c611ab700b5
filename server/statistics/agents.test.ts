import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { agentsKept, isBotAgent } from "./agents";

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("isBotAgent", () => {
  it("answers as isbot does, the first time and every time after, and takes no agent for a bot", () => {
    const agents = [PERSON, CRAWLER, "curl/8.5.0", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"];
    for (let round = 0; round < 3; round++)
      for (const agent of agents) expect(isBotAgent(agent), `${agent} (${round})`).toBe(isbot(agent));
    expect(isBotAgent(PERSON)).toBe(false);
    expect(isBotAgent(CRAWLER)).toBe(true);
    for (const none of ["", null, undefined]) expect(isBotAgent(none)).toBe(true);
  });

  it("keeps a bounded number of agents, however many made-up ones arrive, and still answers each right", () => {
    for (let i = 0; i < 5_000; i++) {
      const agent = i % 2 ? `${PERSON} made-up/${i}` : `made-up-bot/${i} (+http://example.com/bot)`;
      expect(isBotAgent(agent)).toBe(isbot(agent));
    }
    expect(agentsKept()).toBeLessThanOrEqual(1_000);
    // A very long agent is answered but not kept.
    const before = agentsKept();
    const long = `${PERSON} ${"x".repeat(600)}`;
    expect(isBotAgent(long)).toBe(false);
    expect(agentsKept()).toBe(before);
  });
});
