/** Frame of the pages outside the signed-in layout: product mark on top, content centred. */
import { Anchor, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo, PRODUCT_NAME } from './logo.tsx';

export function PublicFrame({ children, size = 420 }: { children: ReactNode; size?: number | string }) {
  return (
    <Container size={size} py={48} px="md">
      <Anchor component={Link} to="/home" underline="never" c="inherit" mb="xl" display="block">
        <Group gap="xs" justify="center">
          <Logo size={36} />
          <Text fw={700} fz="xl">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </Anchor>
      {children}
    </Container>
  );
}
