import { endpoint } from '../endpoint';
import type {
  answerBody,
  answersQuery,
  commentBody,
  createSubtaskBody,
  createSubtaskForAllBody,
  createTagBody,
  createTaskByMemberBody,
  createTaskByOwnerBody,
  deadlines,
  deadlinesQuery,
  moveTargets,
  myWorkQuery,
  people,
  reminderBody,
  reminders,
  reportList,
  reportResource,
  reviewBody,
  reviewerChoices,
  schemaBody,
  submissionReport,
  subtaskList,
  tagIdsBody,
  tagList,
  tagQuery,
  tagResource,
  targetTaskBody,
  taskFileList,
  taskItems,
  taskList,
  taskListQuery,
  taskResource,
  taskSearchQuery,
  teamsList,
  todoList,
  todoQuery,
  tracking,
  unitBody,
  updateTaskBody,
} from '../tasks';
import type { emptyResource } from '../common';

/** The routes a task and a subtask both have, each under its kind's own path (spec 7.4, 7.5). */
function workEndpoints<B extends 'core/tasks' | 'core/subtasks'>(base: B) {
  return {
    get: endpoint('GET', `${base}/:id`).of<{ response: typeof taskResource }>(),
    update: endpoint('PUT', `${base}/:id`).of<{
      body: typeof updateTaskBody;
      response: typeof taskResource;
    }>(),
    remove: endpoint('DELETE', `${base}/:id`).of<{ response: typeof emptyResource }>(),
    comment: endpoint('PUT', `${base}/update-comment/:id`).of<{
      body: typeof commentBody;
      response: typeof taskResource;
    }>(),
    setSchema: endpoint('PUT', `${base}/:id/schema`).of<{
      body: typeof schemaBody;
      response: typeof taskResource;
    }>(),
    setTags: endpoint('PUT', `${base}/:id/tags`).of<{
      body: typeof tagIdsBody;
      response: typeof taskResource;
    }>(),
    assignUser: endpoint('POST', `${base}/:id/assign-user/:user`).of<{
      response: typeof taskResource;
    }>(),
    unassignUser: endpoint('POST', `${base}/:id/un-assign-user/:user`).of<{
      response: typeof taskResource;
    }>(),
    files: endpoint('GET', `${base}/:id/files`).of<{ response: typeof taskFileList }>(),
    file: endpoint('GET', `${base}/:id/files/:file`).of<{ response: 'file' }>(),
    report: endpoint('GET', `${base}/:id/users`).of<{ response: typeof submissionReport }>(),
    answers: endpoint('GET', `${base}/:id/answers`).of<{
      query: typeof answersQuery;
      response: typeof reportList;
    }>(),
    answer: endpoint('POST', `${base}/:id/answer`).of<{
      body: typeof answerBody;
      response: typeof reportResource;
    }>(),
    remind: endpoint('POST', `${base}/:id/send-reminder`).of<{
      body: typeof reminderBody;
      response: typeof emptyResource;
    }>(),
    remindAll: endpoint('POST', `${base}/:id/send-reminder-for-all`).of<{
      response: typeof emptyResource;
    }>(),
    submit: endpoint('POST', `${base}/:id/submit`).of<{
      body: 'form';
      response: typeof taskResource;
    }>(),
    resubmit: endpoint('POST', `${base}/:id/resubmit`).of<{
      body: 'form';
      response: typeof taskResource;
    }>(),
    tracking: endpoint('GET', `${base}/:id/tracking`).of<{ response: typeof tracking }>(),
    'close-by-assignee': endpoint('POST', `${base}/:id/close-by-assignee`).of<{
      body: typeof unitBody;
      response: typeof taskResource;
    }>(),
    'open-by-assignee': endpoint('POST', `${base}/:id/open-by-assignee`).of<{
      body: typeof unitBody;
      response: typeof taskResource;
    }>(),
    'close-by-reviewer': endpoint('POST', `${base}/:id/close-by-reviewer`).of<{
      body: typeof reviewBody;
      response: typeof taskResource;
    }>(),
    'open-by-reviewer': endpoint('POST', `${base}/:id/open-by-reviewer`).of<{
      body: typeof reviewBody;
      response: typeof taskResource;
    }>(),
    archive: endpoint('POST', `${base}/:id/archive`).of<{ response: typeof taskResource }>(),
    restore: endpoint('POST', `${base}/:id/restore`).of<{ response: typeof taskResource }>(),
    moveTargets: endpoint('GET', `${base}/:id/can-move-to-tasks`).of<{
      response: typeof moveTargets;
    }>(),
  };
}

export const taskEndpoints = {
  ...workEndpoints('core/tasks'),
  list: endpoint('GET', 'core/workspaces/:id/tasks').of<{
    query: typeof taskListQuery;
    response: typeof taskList;
  }>(),
  search: endpoint('GET', 'core/tasks/search').of<{
    query: typeof taskSearchQuery;
    response: typeof taskItems;
  }>(),
  createByOwner: endpoint('POST', 'core/workspaces/:id/tasks-by-owner').of<{
    body: typeof createTaskByOwnerBody;
    response: typeof taskResource;
  }>(),
  createByMember: endpoint('POST', 'core/workspaces/:id/tasks-by-member').of<{
    body: typeof createTaskByMemberBody;
    response: typeof taskResource;
  }>(),
  selectableUsers: endpoint('GET', 'core/workspaces/:id/selectable-users').of<{
    response: typeof people;
  }>(),
  selectableTeams: endpoint('GET', 'core/workspaces/:id/selectable-teams').of<{
    response: typeof teamsList;
  }>(),
  reviewerChoices: endpoint('GET', 'core/workspaces/:id/selectable-users-for-reviewers').of<{
    response: typeof reviewerChoices;
  }>(),
  changeToSubtask: endpoint('POST', 'core/tasks/:id/change-task-to-subtask').of<{
    body: typeof targetTaskBody;
    response: typeof taskResource;
  }>(),
  subtasks: endpoint('GET', 'core/tasks/:id/subtasks').of<{ response: typeof subtaskList }>(),
  createSubtask: endpoint('POST', 'core/tasks/:id/subtasks').of<{
    body: typeof createSubtaskBody;
    response: typeof taskResource;
  }>(),
  createSubtaskForAll: endpoint('POST', 'core/tasks/:id/subtasks-for-all-users').of<{
    body: typeof createSubtaskForAllBody;
    response: typeof taskResource;
  }>(),
  subtaskUsers: endpoint('GET', 'core/tasks/:id/select-subtask-users').of<{
    response: typeof people;
  }>(),
  reminders: endpoint('GET', 'core/reminder/assessment-task').of<{ response: typeof reminders }>(),
  deadlines: endpoint('GET', 'core/dashboard/deadlines').of<{
    query: typeof deadlinesQuery;
    response: typeof deadlines;
  }>(),
  todo: endpoint('GET', 'core/my-work/todo').of<{
    query: typeof todoQuery;
    response: typeof todoList;
  }>(),
  myWork: endpoint('GET', 'core/my-work').of<{
    query: typeof myWorkQuery;
    response: typeof taskItems;
  }>(),
};

export const subtaskEndpoints = {
  ...workEndpoints('core/subtasks'),
  changeToTask: endpoint('POST', 'core/subtasks/:id/change-subtask-to-task').of<{
    response: typeof taskResource;
  }>(),
  moveToAnotherTask: endpoint('POST', 'core/subtasks/:id/move-to-another-task').of<{
    body: typeof targetTaskBody;
    response: typeof taskResource;
  }>(),
};

/** Tags of tasks and of objectives (spec 7.4, 7.17). */
export const tagEndpoints = {
  list: endpoint('GET', 'core/tags').of<{ query: typeof tagQuery; response: typeof tagList }>(),
  create: endpoint('POST', 'core/tags').of<{
    body: typeof createTagBody;
    response: typeof tagResource;
  }>(),
};
