import { Text } from '@fluentui/react-components';

/** The heading of a page of a workspace: the page's title, and under it the workspace's name. */
export function WorkspacePageHeading({ title, workspace }: { title: string; workspace: string }) {
  return (
    <div>
      <Text as="h1" size={800} weight="semibold" block>
        {title}
      </Text>
      <Text>{workspace}</Text>
    </div>
  );
}
