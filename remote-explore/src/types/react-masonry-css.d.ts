// react-masonry-css ships no types: the props it reads (its README)
declare module 'react-masonry-css' {
  import type { ComponentType, ReactNode } from 'react';
  export interface MasonryProps {
    breakpointCols?: number | { default: number; [width: number]: number };
    className?: string;
    columnClassName?: string;
    children?: ReactNode;
  }
  const Masonry: ComponentType<MasonryProps>;
  export default Masonry;
}
