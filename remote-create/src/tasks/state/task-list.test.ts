import { makeTask } from '../../../test/tasks';
import { initialTaskList, isUnfinished, taskListReducer, unfinishedIds } from './task-list';


describe('Generate List actions (spec section 4)', () => {
  it('updateList merges a page, the server copy winning, newest first', () => {
    const local = makeTask({ task_id: 'new', created_at: 300 });
    let state = taskListReducer(initialTaskList, { type: 'addTask', task: local });
    state = taskListReducer(state, {
      type: 'updateList',
      tasks: [makeTask({ task_id: 'a', created_at: 200 }), makeTask({ task_id: 'b', created_at: 100, status: 'success' })],
    });
    expect(state.tasks.map((task) => task.task_id)).toEqual(['new', 'a', 'b']);
    state = taskListReducer(state, { type: 'updateList', tasks: [makeTask({ task_id: 'a', created_at: 200, status: 'generating' })] });
    expect(state.tasks.find((task) => task.task_id === 'a')?.status).toBe('generating');
    expect(taskListReducer(state, { type: 'updateList', tasks: [], replace: true }).tasks).toEqual([]);
  });

  it('orders tasks created within one second by their milliseconds, newest first, after every merge', () => {
    const six = Array.from({ length: 6 }, (_, i) => makeTask({ task_id: `t${i + 1}-${'zyxwvu'[i]}`, created_at: 1000, created_ms: 1_000_000 + i * 7 }));
    let state = taskListReducer(initialTaskList, { type: 'updateList', tasks: [six[2], six[0], six[5], six[1], six[4], six[3]] });
    expect(state.tasks.map((task) => task.task_id.slice(0, 2))).toEqual(['t6', 't5', 't4', 't3', 't2', 't1']);
    state = taskListReducer(state, { type: 'updateList', tasks: [six[3], six[1]] });
    expect(state.tasks.map((task) => task.task_id.slice(0, 2))).toEqual(['t6', 't5', 't4', 't3', 't2', 't1']);
  });

  it('addTask puts a new task on top, once', () => {
    let state = taskListReducer(initialTaskList, { type: 'addTask', task: makeTask({ task_id: 'a', created_at: 1 }) });
    state = taskListReducer(state, { type: 'addTask', task: makeTask({ task_id: 'b', created_at: 2 }) });
    state = taskListReducer(state, { type: 'addTask', task: makeTask({ task_id: 'b', created_at: 2, status: 'generating' }) });
    expect(state.tasks.map((task) => [task.task_id, task.status])).toEqual([
      ['b', 'generating'],
      ['a', 'queued'],
    ]);
  });

  it('updateTask replaces a known task, keeps its balance and ignores unknown ones', () => {
    let state = taskListReducer(initialTaskList, { type: 'addTask', task: makeTask({ balance: 96 }) });
    state = taskListReducer(state, { type: 'updateTask', task: makeTask({ status: 'success', progress: 100 }) });
    expect(state.tasks[0]).toMatchObject({ status: 'success', progress: 100, balance: 96 });
    const same = taskListReducer(state, { type: 'updateTask', task: makeTask({ task_id: 'other' }) });
    expect(same).toBe(state);
  });

  it('delTask removes it; an unknown id changes nothing', () => {
    const state = taskListReducer(initialTaskList, { type: 'addTask', task: makeTask() });
    expect(taskListReducer(state, { type: 'delTask', taskId: 't1' }).tasks).toEqual([]);
    expect(taskListReducer(state, { type: 'delTask', taskId: 'nope' })).toBe(state);
  });

  it('retryTask puts the run again where the task stands, queued', () => {
    let state = taskListReducer(initialTaskList, { type: 'updateList', tasks: [makeTask({ task_id: 'a', created_at: 2 }), makeTask({ task_id: 'b', created_at: 1, status: 'failure', reason: 'Generation failed, please try again later.' })] });
    state = taskListReducer(state, { type: 'retryTask', task: makeTask({ task_id: 'b', created_at: 1, status: 'queued', balance: 90 }) });
    expect(state.tasks.map((task) => [task.task_id, task.status])).toEqual([
      ['a', 'queued'],
      ['b', 'queued'],
    ]);
    expect(state.tasks[1].reason).toBeNull();
  });

  it('polls only the unfinished tasks', () => {
    const state = taskListReducer(initialTaskList, {
      type: 'updateList',
      tasks: [
        makeTask({ task_id: 'q', status: 'queued', created_at: 4 }),
        makeTask({ task_id: 'g', status: 'generating', created_at: 3 }),
        makeTask({ task_id: 's', status: 'success', created_at: 2 }),
        makeTask({ task_id: 'f', status: 'failure', created_at: 1 }),
      ],
    });
    expect(unfinishedIds(state)).toEqual(['q', 'g']);
    expect(isUnfinished({ status: 'cancelled' })).toBe(false);
  });
});
