import styled from 'styled-components';
import { Heading, Muted } from '@val/ui';

/** The frame both sections of this remote (the lab, the resources kit) share: a column and its intro header. */
export const SectionRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
`;
export const SectionIntro = styled.header`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: flex-start;
  ${Heading} {
    margin: 0;
  }
  ${Muted} {
    margin: 0;
    max-width: 720px;
  }
`;
