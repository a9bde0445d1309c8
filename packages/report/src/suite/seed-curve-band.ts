/** One cell's curve: best validation so far (0–1) at task evaluations spent, and where it ended. */
export interface SeedCurve {
  /** The recorded points, in order of evaluations. */
  readonly points: readonly { readonly evaluationsUsed: number; readonly bestValidation: number }[];
  /** Evaluations the cell spent in all (its curve holds its last value until there). */
  readonly end: number;
}

/** The seeds' curves of one method, merged: per breakpoint the mean, lowest and highest seed. */
export interface SeedCurveBand {
  /** Evaluations at which any seed's best changed, from where every seed has a value. */
  readonly x: readonly number[];
  /** Mean over seeds at each breakpoint. */
  readonly mean: readonly number[];
  /** Lowest seed at each breakpoint. */
  readonly low: readonly number[];
  /** Highest seed at each breakpoint. */
  readonly high: readonly number[];
  /** Where the band ends: the last seed's end. */
  readonly end: number;
}

/**
 * Merges the seeds of one method into a mean line and a min–max band. A seed's curve is a step
 * function (its best so far), held at its last value after its last point, so a seed that ended
 * early still counts with what it found. The band starts where every seed has validated its
 * first candidate. Undefined when no curve has a point.
 */
export function seedCurveBand(curves: readonly SeedCurve[]): SeedCurveBand | undefined {
  const present = curves.filter((curve) => curve.points.length > 0);
  if (present.length === 0) return undefined;
  const start = Math.max(...present.map((curve) => curve.points[0]?.evaluationsUsed ?? 0));
  const end = Math.max(start, ...present.map((curve) => curve.end));
  const x = [
    ...new Set([
      start,
      ...present.flatMap((curve) =>
        curve.points.map((point) => point.evaluationsUsed).filter((value) => value > start),
      ),
    ]),
  ].sort((a, b) => a - b);
  const valueAt = (curve: SeedCurve, at: number) => {
    let value = curve.points[0]?.bestValidation ?? 0;
    for (const point of curve.points) {
      if (point.evaluationsUsed > at) break;
      value = point.bestValidation;
    }
    return value;
  };
  const columns = x.map((at) => present.map((curve) => valueAt(curve, at)));
  return {
    x,
    mean: columns.map((values) => values.reduce((sum, value) => sum + value, 0) / values.length),
    low: columns.map((values) => Math.min(...values)),
    high: columns.map((values) => Math.max(...values)),
    end,
  };
}

/** The SVG path of a band between two step lines (`low`, `high`) over breakpoints `x`, to `end`. */
export function bandPath(
  band: SeedCurveBand,
  mapX: (value: number) => number,
  mapY: (value: number) => number,
): string {
  const format = (value: number) => String(Math.round(value * 100) / 100);
  const edges = band.x.map((at, index) => [mapX(at), mapX(band.x[index + 1] ?? band.end)] as const);
  const upper = edges.flatMap(([from, to], index) => [
    `${format(from)} ${format(mapY(band.high[index] ?? 0))}`,
    `${format(to)} ${format(mapY(band.high[index] ?? 0))}`,
  ]);
  const lower = edges
    .flatMap(([from, to], index) => [
      `${format(from)} ${format(mapY(band.low[index] ?? 0))}`,
      `${format(to)} ${format(mapY(band.low[index] ?? 0))}`,
    ])
    .reverse();
  return `M${[...upper, ...lower].join('L')}Z`;
}
