/** Board geometry for any W×H board (up to 16×16 with byte-sized squares). */
export interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly size: number;
}

export const geometry = (width: number, height: number): Geometry => {
  if (width < 1 || height < 1 || width > 16 || height > 16) throw new RangeError(`unsupported board ${width}x${height}`);
  return { width, height, size: width * height };
};

export const sqX = (g: Geometry, sq: number): number => sq % g.width;
export const sqY = (g: Geometry, sq: number): number => (sq / g.width) | 0;
export const square = (g: Geometry, x: number, y: number): number => y * g.width + x;
export const onBoard = (g: Geometry, x: number, y: number): boolean => x >= 0 && y >= 0 && x < g.width && y < g.height;
