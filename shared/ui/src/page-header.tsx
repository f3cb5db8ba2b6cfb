import type { ReactNode } from 'react';
import { Flex } from '@radix-ui/themes/components/flex';
import { Heading } from '@radix-ui/themes/components/heading';
import { Text } from '@radix-ui/themes/components/text';

type Props = { title: string; heading: string; children?: ReactNode };

/** A screen's document title and its one h1, with an optional lead paragraph. */
export const PageHeader = ({ title, heading, children }: Props) => (
  <Flex direction="column" gap="2" mb="5">
    <title>{title}</title>
    <Heading as="h1" size="8">
      {heading}
    </Heading>
    {children && (
      <Text as="p" size="3" color="gray">
        {children}
      </Text>
    )}
  </Flex>
);
