import { useCallback, useEffect, useRef, useState } from 'react';
import { TEMPLATES_MIN_FOR_NEXT, TEMPLATES_PAGE_SIZE, useShell, type Template, type TemplateTag } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';

export interface CategoryState {
  id: number;
  title: string;
  tpls: Template[];
  total: number;
  loading: boolean;
}

/** spec section 9: the next page loads when the end marker is visible and more than 20 are loaded */
export function wantsNextPage(category: Pick<CategoryState, 'tpls' | 'total' | 'loading'>, markerVisible: boolean): boolean {
  return markerVisible && !category.loading && category.tpls.length > TEMPLATES_MIN_FOR_NEXT && category.tpls.length < category.total;
}

/** spec section 9: 'all loaded' at the total, with more than 20 loaded */
export function allLoaded(category: Pick<CategoryState, 'tpls' | 'total'>): boolean {
  return category.tpls.length >= category.total && category.tpls.length > TEMPLATES_MIN_FOR_NEXT;
}

type TagState = { value: TemplateTag['value']; name: string; categories: CategoryState[] };

function tagStates(answer: TemplateTag[]): TagState[] {
  return answer.map((tag) => ({ value: tag.value, name: tag.name, categories: tag.categories.map((c) => ({ ...c, loading: false })) }));
}

/** The categories call of `funModule`'s browser, path and query, as a first screen names it to the gateway (effect/first-screen/server.tsx). */
export function categoriesPath(funModule: 'template' | 'effect'): string {
  return `/v1/workflow/ct/list?${new URLSearchParams({ fun_module: funModule }).toString()}`;
}

/**
 * The template browser's data: tags (video, image; or only `media`'s, e.g. the music templates) with their
 * categories from /v1/workflow/ct/list, each category paged by 25 from the number it has loaded. `carried`: the
 * categories answer a visitor's first HTML was rendered with (the gateway's): the browser starts from it and does not
 * ask on mount; an empty one (the showcase not rendered yet) is asked for again.
 */
export function useTemplateBrowser(funModule: 'template' | 'effect', media?: TemplateTag['value'], carried?: TemplateTag[]) {
  const shell = useShell();
  const [tags, setTags] = useState<TagState[] | null>(() => (carried ? tagStates(carried) : null));
  const [startedFromCarried] = useState(() => Boolean(carried?.length));
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(tags);
  latest.current = tags;

  const load = useCallback(async () => {
    setError(null);
    try {
      const answer = await shell.api.call('GET /v1/workflow/ct/list', { query: media ? { fun_module: funModule, media } : { fun_module: funModule } });
      setTags(tagStates(answer));
    } catch (failure) {
      // spec section 8: a template load failure is logged; the page offers a retry
      console.warn('[remote-explore] template load failed', failure);
      setError(messageOf(failure));
    }
  }, [shell, funModule, media]);

  useEffect(() => {
    if (!startedFromCarried) void load();
  }, [load, startedFromCarried]);

  const patch = (media: string, id: number, change: (c: CategoryState) => CategoryState) =>
    setTags((all) => all?.map((tag) => (tag.value !== media ? tag : { ...tag, categories: tag.categories.map((c) => (c.id === id ? change(c) : c)) })) ?? all);

  const loadMore = useCallback(
    async (media: TemplateTag['value'], id: number) => {
      const category = latest.current?.find((t) => t.value === media)?.categories.find((c) => c.id === id);
      if (!category || category.loading || category.tpls.length >= category.total) return;
      patch(media, id, (c) => ({ ...c, loading: true }));
      try {
        const page = Math.floor(category.tpls.length / TEMPLATES_PAGE_SIZE) + 1;
        const answer = await shell.api.call('GET /v1/workflow/list', {
          query: { fun_module: funModule, media, fun_category: id, page, page_size: TEMPLATES_PAGE_SIZE },
        });
        patch(media, id, (c) => {
          const known = new Set(c.tpls.map((t) => t.tpl_id));
          return { ...c, tpls: [...c.tpls, ...answer.list.filter((t) => !known.has(t.tpl_id))], total: answer.paginate.total, loading: false };
        });
      } catch (failure) {
        console.warn('[remote-explore] template page failed', failure);
        patch(media, id, (c) => ({ ...c, loading: false }));
      }
    },
    [shell, funModule],
  );

  return { tags, error, reload: load, loadMore };
}
