import type { TaskUserData } from 'shared-contracts';

/** What a settings field of a task says (user_data.fields). */
export function fieldOf(userData: TaskUserData | undefined, field: string): string {
  const found = userData?.fields?.find((item) => item.field === field);
  return found ? String(found.val) : '';
}
