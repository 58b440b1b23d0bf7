// Types of the `glicko2` package (1.2.x), which ships none: the parts used here.
declare module 'glicko2' {
  namespace glicko2 {
    interface Player {
      getRating(): number;
      getRd(): number;
      getVol(): number;
    }
    class Glicko2 {
      constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
      makePlayer(rating?: number, rd?: number, vol?: number): Player;
      updateRatings(matches: [Player, Player, number][]): void;
    }
  }
  const glicko2: { Glicko2: typeof glicko2.Glicko2 };
  export default glicko2;
}
