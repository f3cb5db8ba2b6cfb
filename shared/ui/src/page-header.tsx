import type { ReactNode } from 'react';
import { Flex } from '@radix-ui/themes/components/flex';
import { Heading } from '@radix-ui/themes/components/heading';
import { Text } from '@radix-ui/themes/components/text';
import { PageTitle } from './page-title.tsx';
import './page-header.css';

type Props = {
  title: string;
  heading: string;
  children?: ReactNode;
  /** A picture beside the heading (an audience's illustration). */
  picture?: ReactNode;
};

/**
 * A screen's document title and its one h1, with an optional lead paragraph and picture. The h1 can
 * take the focus (not by Tab): the shell moves it there when the visitor comes to a new screen.
 */
export const PageHeader = ({ title, heading, children, picture }: Props) => (
  <Flex gap="4" align="center" justify="between" mb="5">
    <Flex direction="column" gap="2" minWidth="0">
      <PageTitle page={title} />
      <Heading as="h1" size="8" tabIndex={-1} className="ui-page-heading">
        {heading}
      </Heading>
      {children && (
        <Text as="p" size="3" color="gray">
          {children}
        </Text>
      )}
    </Flex>
    {picture}
  </Flex>
);
