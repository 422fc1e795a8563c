//! The keep graph up to exchangeable colours.
//!
//! Colours fall uniformly and the painted boxes other than the colour totals treat every
//! colour alike, so relabelling colours changes no value as long as it maps open colour
//! boxes to open ones and filled to filled. In a state whose filled colour boxes are the
//! first `k` colours (every state is relabelled so: [`crate::Game::colour_map`]), the keeps
//! fall into orbits under the permutations of colours `0..k` and of colours `k..`, and the
//! turn is computed once per orbit: 12 to 120 times fewer keeps in the full game.
//!
//! A [`Graph`] is the keep graph of one such group: one node per orbit (its representative
//! hand), the nodes ordered like the keeps (five-dice rolls first, the empty keep last), with
//! each node's one-die-larger nodes (one per face, for the mean), its distinct
//! one-die-smaller nodes (for the best sub-keep), each roll node's weight (the ordered
//! throws of every roll in its orbit) and each keep's node.

use crate::dice::{Hand, Keeps, DICE};

pub struct Graph {
    pub faces: usize,
    rolls: usize,
    hands: Vec<Hand>,
    adds: Vec<u32>,
    sub_start: Vec<u32>,
    subs: Vec<u32>,
    roll_weight: Vec<f64>,
    denominator: f64,
    /// The node of each keep (by keep index).
    node_of_keep: Vec<u32>,
}

/// A hand relabelled to its orbit's representative under the permutations of colours
/// `0..k` and of colours `k..colours`: within each block, colours are ordered by the sorted
/// numbers they show (two colours showing the same numbers are interchangeable, so the
/// result does not depend on how ties fall).
pub fn canonical(hand: &Hand, k: u8, colours: u8) -> Hand {
    let mut sig: [([u8; DICE], u8, u8); 5] = [([0; DICE], 0, 0); 5];
    for (c, s) in sig.iter_mut().enumerate() {
        s.2 = c as u8;
    }
    for d in hand.dice() {
        let s = &mut sig[d.colour as usize];
        s.0[s.1 as usize] = d.number;
        s.1 += 1;
    }
    for s in sig.iter_mut() {
        s.0[..s.1 as usize].sort_unstable();
    }
    let mut relabel = [0u8; 5];
    for (lo, hi) in [(0, k), (k, colours)] {
        let mut block: Vec<_> = sig[lo as usize..hi as usize].to_vec();
        block.sort_by(|a, b| (b.1, a.0).cmp(&(a.1, b.0)));
        for (i, s) in block.iter().enumerate() {
            relabel[s.2 as usize] = lo + i as u8;
        }
    }
    let faces: Vec<u8> = hand
        .dice()
        .map(|d| relabel[d.colour as usize] * 6 + d.number - 1)
        .collect();
    Hand::from_faces(&faces)
}

impl Graph {
    /// The graph of `keeps` up to `canon` (a map of each hand to its orbit's
    /// representative; the identity gives the plain keep graph).
    pub fn new(keeps: &Keeps, canon: impl Fn(&Hand) -> Hand) -> Graph {
        let n = keeps.len();
        let mut node_of_keep = vec![u32::MAX; n];
        let mut node_of_rep = vec![u32::MAX; n];
        let mut hands = Vec::new();
        let mut rep_keep = Vec::new();
        let mut rolls = 0;
        let mut roll_weight = Vec::new();
        // Keeps come largest first, so nodes do too.
        for (i, node_of) in node_of_keep.iter_mut().enumerate() {
            let c = canon(&keeps.hand(i));
            let j = keeps.index(&c);
            if node_of_rep[j] == u32::MAX {
                node_of_rep[j] = hands.len() as u32;
                hands.push(c);
                rep_keep.push(j);
                if i < keeps.rolls() {
                    rolls += 1;
                    roll_weight.push(0.0);
                }
            }
            let node = node_of_rep[j];
            *node_of = node;
            if i < keeps.rolls() {
                roll_weight[node as usize] += keeps.roll_weight(i);
            }
        }
        let faces = keeps.faces;
        let mut adds = Vec::with_capacity((hands.len() - rolls) * faces);
        for &j in &rep_keep[rolls..] {
            adds.extend(keeps.adds(j).iter().map(|&a| node_of_keep[a as usize]));
        }
        let mut sub_start = vec![0u32];
        let mut subs = Vec::new();
        for &j in &rep_keep {
            let mut s: Vec<u32> = keeps
                .subs(j)
                .iter()
                .map(|&x| node_of_keep[x as usize])
                .collect();
            s.sort_unstable();
            s.dedup();
            subs.extend(s);
            sub_start.push(subs.len() as u32);
        }
        Graph {
            faces,
            rolls,
            hands,
            adds,
            sub_start,
            subs,
            roll_weight,
            denominator: keeps.roll_denominator(),
            node_of_keep,
        }
    }

    /// Nodes (orbits of keeps).
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// Roll nodes: `0..rolls()`.
    pub fn rolls(&self) -> usize {
        self.rolls
    }

    /// The representative hand of a node.
    pub fn hand(&self, node: usize) -> Hand {
        self.hands[node]
    }

    #[inline]
    pub fn adds(&self, node: usize) -> &[u32] {
        let s = (node - self.rolls) * self.faces;
        &self.adds[s..s + self.faces]
    }

    #[inline]
    pub fn subs(&self, node: usize) -> &[u32] {
        &self.subs[self.sub_start[node] as usize..self.sub_start[node + 1] as usize]
    }

    /// Ordered throws of five dice that give a roll of this node's orbit.
    #[inline]
    pub fn roll_weight(&self, node: usize) -> f64 {
        self.roll_weight[node]
    }

    pub fn roll_denominator(&self) -> f64 {
        self.denominator
    }

    /// The node of the keep of index `keep` (in [`Keeps`] numbering).
    pub fn node(&self, keep: usize) -> usize {
        self.node_of_keep[keep] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_rolls_and_keep_their_weight() {
        let keeps = Keeps::new(30);
        for k in 0..=5u8 {
            let g = Graph::new(&keeps, |h| canonical(h, k, 5));
            let total: f64 = (0..g.rolls()).map(|r| g.roll_weight(r)).sum();
            assert_eq!(total, 30f64.powi(5));
            // At least |S_k × S_(5-k)| fewer rolls, up to fixed points.
            let group =
                (1..=k as usize).product::<usize>() * (1..=5 - k as usize).product::<usize>();
            assert!(g.rolls() * group >= keeps.rolls());
            // Measured: 6,174 / 21,840 / 35,532 roll orbits for k = 0 / 1 / 2 (and 5 / 4 / 3).
            let fewer = [45, 12, 7, 7, 12, 45][k as usize];
            assert!(g.rolls() * fewer <= keeps.rolls(), "{k}: {}", g.rolls());
            // A permuted hand lands in the same node.
            let h = Hand::parse("1r 2y 2g 6b 6p", 5).unwrap();
            let swapped = Hand::parse("1y 2r 2g 6b 6p", 5).unwrap();
            let same = g.node(keeps.index(&h)) == g.node(keeps.index(&swapped));
            assert_eq!(same, k != 1, "k = {k}");
        }
    }
}
