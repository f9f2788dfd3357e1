/**
 * The Generate List's state and its actions (spec section 4, task list actions): updateList, addTask,
 * updateTask, delTask, retryTask. Tasks are kept newest first, one entry per task id.
 */
import type { Task, TaskStatus } from 'shared-contracts';

export interface TaskListState {
  tasks: Task[];
}

export type TaskListAction =
  /** a page of the server's list: merged in (the server's copy wins), order by creation, newest first */
  | { type: 'updateList'; tasks: Task[]; replace?: boolean }
  /** a task just created */
  | { type: 'addTask'; task: Task }
  /** a fresher copy of a known task (polling) */
  | { type: 'updateTask'; task: Task }
  | { type: 'delTask'; taskId: string }
  /** a task run again: the server's answer replaces it where it stands */
  | { type: 'retryTask'; task: Task };

const UNFINISHED: readonly TaskStatus[] = ['queued', 'generating'];
export const isUnfinished = (task: Pick<Task, 'status'>) => UNFINISHED.includes(task.status);

/** creation time in ms where the server gives it (tasks of one second keep their order), else seconds */
const createdMs = (task: Task) => task.created_ms ?? task.created_at * 1000;
const newestFirst = (a: Task, b: Task) => createdMs(b) - createdMs(a) || (a.task_id < b.task_id ? 1 : -1);

export const initialTaskList: TaskListState = { tasks: [] };

export function taskListReducer(state: TaskListState, action: TaskListAction): TaskListState {
  switch (action.type) {
    case 'updateList': {
      const byId = new Map<string, Task>();
      if (!action.replace) for (const task of state.tasks) byId.set(task.task_id, task);
      for (const task of action.tasks) byId.set(task.task_id, task);
      return { tasks: [...byId.values()].sort(newestFirst) };
    }
    case 'addTask':
      if (state.tasks.some((task) => task.task_id === action.task.task_id)) {
        return taskListReducer(state, { type: 'updateTask', task: action.task });
      }
      return { tasks: [action.task, ...state.tasks].sort(newestFirst) };
    case 'updateTask':
    case 'retryTask': {
      const index = state.tasks.findIndex((task) => task.task_id === action.task.task_id);
      if (index < 0) return state;
      const tasks = [...state.tasks];
      // the balance only comes with create and retry answers: keep it
      tasks[index] = { ...action.task, balance: action.task.balance ?? tasks[index].balance };
      return { tasks };
    }
    case 'delTask': {
      const tasks = state.tasks.filter((task) => task.task_id !== action.taskId);
      return tasks.length === state.tasks.length ? state : { tasks };
    }
    default:
      return state;
  }
}

/** Ids of the tasks still to be polled. */
export function unfinishedIds(state: TaskListState): string[] {
  return state.tasks.filter(isUnfinished).map((task) => task.task_id);
}
