// Terminal size from Ink's stdout (never process.stdout), updated on `resize`; 80x24 when unknown.
import { useEffect, useState } from "react";
import { useStdout } from "ink";

export interface TerminalSize {
  columns: number;
  rows: number;
}

const read = (stdout: NodeJS.WriteStream): TerminalSize => ({
  columns: stdout.columns > 0 ? stdout.columns : 80,
  rows: stdout.rows > 0 ? stdout.rows : 24,
});

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = () => setSize(read(stdout));
    stdout.on("resize", onResize);
    onResize();
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}
