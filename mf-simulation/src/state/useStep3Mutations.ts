import type { Dispatch } from 'react';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { CustomerInsight, CustomerPersona, InterviewMessage, MentorChatMessage, SimulationMonth, ValidationData } from '@val/contracts';
import { toast } from '@val/ui';
import type { SimulationApi } from '../api';
import { localGreeting } from '../lib/format';
import type { Step3Action } from './step3Reducer';
import { newId } from './store';

/**
 * Step 3's server calls as TanStack Query mutations. Each POST makes something new (personas, a
 * simulation, a reply) that becomes the founder's progress, which the store keeps per idea in the
 * browser: nothing here is read back from the server, so there is no query to cache, only calls
 * whose pending/error states Query tracks. Their answers go to step3Reducer with the `epoch` the
 * call was made in, so an answer arriving after a reset is dropped there.
 */
export const step3Keys = {
  all: ['simulation'] as const,
  generateCustomers: (fingerprint: string) => [...step3Keys.all, 'generate-customers', fingerprint] as const,
  interview: (fingerprint: string) => [...step3Keys.all, 'customer-interview', fingerprint] as const,
  generateSimulation: (fingerprint: string) => [...step3Keys.all, 'generate-simulation', fingerprint] as const,
  challengeFeedback: (fingerprint: string) => [...step3Keys.all, 'challenge-feedback', fingerprint] as const,
  valChat: (fingerprint: string) => [...step3Keys.all, 'val-chat', fingerprint] as const,
};

const now = () => new Date().toISOString();

interface Made {
  /** The view's epoch when the call was made. */
  epoch: number;
  validation: ValidationData;
}
export interface InterviewVars extends Made {
  persona: CustomerPersona;
  /** '' asks for the persona's opening message. */
  question: string;
  /** The founder's message already shown for `question`, taken back if the reply fails (null for the opening). */
  questionId: string | null;
  history: InterviewMessage[];
}
export interface SimulationVars extends Made {
  insights: CustomerInsight[];
}
export interface FeedbackVars extends Made {
  month: number;
  challenge: string;
  response: string;
  months: SimulationMonth[];
}
export interface ValChatVars extends Made {
  month: number;
  question: string;
  /** The founder's message already shown, taken back if the reply fails. */
  messageId: string;
  history: MentorChatMessage[];
  /** The month as Val reads it. */
  simulationData: SimulationMonth;
}

/** The mutations of step 3 for one idea (`fingerprint`), each answer dispatched to the step's reducer with the spec's toasts. */
export function useStep3Mutations(api: SimulationApi, dispatch: Dispatch<Step3Action>, fingerprint: string) {
  const client = useQueryClient();
  const generateCustomers = useMutation({
    mutationKey: step3Keys.generateCustomers(fingerprint),
    mutationFn: ({ validation }: Made) => api.generateCustomers(validation),
    onSuccess: (r, { epoch }) => {
      dispatch({ type: 'customersGenerated', epoch, personas: r.customers, provider: r.provider });
      toast({ title: 'Customers Generated!', description: 'Ready to start customer interviews', variant: 'success' });
    },
    onError: (e) => {
      console.error('generate-customers failed', e);
      toast({ title: 'Error', description: 'Failed to generate customer personas' });
    },
  });

  const interview = useMutation({
    mutationKey: step3Keys.interview(fingerprint),
    mutationFn: ({ epoch, persona, question, history, validation }: InterviewVars) =>
      api.interviewStream(
        { customerId: persona.id, customerPersona: persona, userQuestion: question, conversationHistory: history, validationData: validation },
        (text) => dispatch({ type: 'interviewStreamed', epoch, customerId: persona.id, text }),
      ),
    onSuccess: (r, { epoch, persona }) => {
      const message: InterviewMessage = { id: newId('a'), customerId: persona.id, isUser: false, text: r.response, timestamp: now() };
      dispatch({ type: 'interviewAnswered', epoch, message, provider: r.provider });
    },
    onError: (e, { epoch, persona, questionId }) => {
      console.error('customer-interview failed', e);
      if (!questionId) {
        // A failed opening: the persona greets locally instead.
        const fallback: InterviewMessage = { id: newId('a'), customerId: persona.id, isUser: false, text: localGreeting(persona), timestamp: now() };
        dispatch({ type: 'interviewFailed', epoch, customerId: persona.id, questionId: null, fallback });
        return;
      }
      dispatch({ type: 'interviewFailed', epoch, customerId: persona.id, questionId, fallback: null });
      toast({ title: 'Error', description: 'Failed to get customer response' });
    },
  });

  const generateSimulation = useMutation({
    mutationKey: step3Keys.generateSimulation(fingerprint),
    mutationFn: ({ validation, insights }: SimulationVars) =>
      api.generateSimulation({ validationData: validation, customerInsights: insights, landingPageContent: null }),
    onSuccess: (result, { epoch }) => dispatch({ type: 'simulationGenerated', epoch, result }),
    onError: (e) => {
      console.error('generate-simulation failed', e);
      toast({ title: 'Error', description: 'Failed to generate simulation' });
    },
  });

  const challengeFeedback = useMutation({
    mutationKey: step3Keys.challengeFeedback(fingerprint),
    mutationFn: ({ month, challenge, response, validation, months }: FeedbackVars) =>
      api.challengeFeedback({ month, challenge, response, validationData: validation, simulationData: months }),
    onSuccess: (r, { epoch, month }) => {
      dispatch({ type: 'feedbackReceived', epoch, month, feedback: r.feedback, provider: r.provider });
      toast({ title: "Val's Feedback Ready!", variant: 'success' });
    },
    onError: (e) => {
      console.error('challenge-feedback failed', e);
      toast({ title: 'Error', description: 'Failed to get feedback' });
    },
  });
  /** The months whose feedback is on its way (each month's button has its own busy state). */
  const feedbackPending = useMutationState({
    filters: { mutationKey: step3Keys.challengeFeedback(fingerprint), status: 'pending' },
    select: (m) => (m.state.variables as FeedbackVars).month,
  });

  const valChat = useMutation({
    mutationKey: step3Keys.valChat(fingerprint),
    mutationFn: ({ epoch, month, question, history, simulationData, validation }: ValChatVars) =>
      api.valChatStream({ month, question, conversationHistory: history, simulationData, validationData: validation }, (text) =>
        dispatch({ type: 'chatStreamed', epoch, month, text }),
      ),
    onSuccess: (r, { epoch, month }) => {
      const message: MentorChatMessage = { id: newId('val'), isUser: false, text: r.response, timestamp: now() };
      dispatch({ type: 'chatAnswered', epoch, month, message, provider: r.provider });
    },
    onError: (e, { epoch, month, messageId }) => {
      console.error('val-chat failed', e);
      dispatch({ type: 'chatFailed', epoch, month, messageId });
      toast({ title: 'Error', description: "Failed to get Val's response", variant: 'destructive' });
    },
  });

  /**
   * Whether such a call is on its way right now, read from the mutation cache (which marks a call
   * pending as it starts, while `isPending` renders a tick later): a second click in between starts none.
   */
  const busy = {
    generateCustomers: () => client.isMutating({ mutationKey: step3Keys.generateCustomers(fingerprint) }) > 0,
    generateSimulation: () => client.isMutating({ mutationKey: step3Keys.generateSimulation(fingerprint) }) > 0,
    challengeFeedback: (month: number) =>
      client.isMutating({ mutationKey: step3Keys.challengeFeedback(fingerprint), predicate: (m) => (m.state.variables as FeedbackVars).month === month }) > 0,
  };

  return { generateCustomers, interview, generateSimulation, challengeFeedback, feedbackPending, valChat, busy };
}
