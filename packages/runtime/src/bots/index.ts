// Bots that play any game through legalActions: levels by name.
export { randomBot } from './random-bot.ts';
