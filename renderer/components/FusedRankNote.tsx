// "was #N" under a result's rank when a step after fusion moved it (variety, MMR; or the
// reranker), with the step's reason in the tooltip.
interface Props {
  step: 'mmr' | 'rerank';
  fusedRank: number;
  because: string;
}

export function FusedRankNote({ step, fusedRank, because }: Props) {
  return (
    <span className="fused-rank-note" data-step={step} data-fused-rank={fusedRank} title={because}>
      was #{fusedRank}
    </span>
  );
}
