//! `--link BASE_URL` (`report`, `fuzz`): the web page's address that opens a pair. The
//! scene goes into the hash (`#peers&scene=`, every number to the bit, see
//! `collidescope::scene::link`) with its view on the pair, so whoever opens the link
//! sees the pair, the algorithm and the step, and the Peers section open on the
//! engines' answers (a value off the exact one in red).

use collidescope::app::AppState;
use collidescope::scene::{link, Scene};

/// The page's address as given to `--link`: an http(s) or file address without a
/// fragment (the link adds its own).
pub fn check_base(base: &str) -> Result<(), String> {
    let scheme_ok = ["http://", "https://", "file://"]
        .iter()
        .any(|s| base.starts_with(s));
    if !scheme_ok {
        return Err(format!(
            "--link needs the web page's address (http://, https:// or file://), not {base:?}"
        ));
    }
    if base.contains('#') {
        return Err(format!(
            "--link: the page's address must not hold a '#' (the link adds the scene after it): {base:?}"
        ));
    }
    Ok(())
}

/// The link to the pair `(a, b)` of `scene` (shape indices): the view shows that pair,
/// with the scene's algorithm and step.
pub fn pair_link(base: &str, scene: &Scene, a: usize, b: usize) -> String {
    let mut scene = scene.clone();
    let name = |i: usize| {
        scene
            .shapes
            .get(i)
            .map_or(String::new(), |s| s.name.clone())
    };
    scene.view.a = name(a);
    scene.view.b = name(b);
    page_address(base, &scene)
}

/// `base` with the scene in the hash, the Peers section to open.
fn page_address(base: &str, scene: &Scene) -> String {
    format!("{base}#{}{}", link::OPEN_PEERS, link::to_fragment(scene))
}

/// The link to a disagreement's scene as its writer made it (the pair and the
/// algorithm in its view), opened at the algorithm's last step: where the answer is.
pub fn answer_link(base: &str, scene: &Scene) -> String {
    let mut scene = scene.clone();
    let steps = AppState::new(scene.clone(), None).step_count();
    scene.view.step = steps.saturating_sub(1);
    page_address(base, &scene)
}

#[cfg(test)]
mod tests {
    use super::*;
    use collidescope::scene::DEFAULT_SCENE;

    fn welcome() -> Scene {
        collidescope::scene::parse_scene(DEFAULT_SCENE, "welcome").expect("the built-in scene")
    }

    #[test]
    fn a_pair_link_reads_back_to_the_same_shapes_and_that_pair() {
        let scene = welcome();
        let url = pair_link("http://127.0.0.1:8000/", &scene, 2, 3);
        let (base, fragment) = url.split_once('#').expect("a fragment");
        assert_eq!(base, "http://127.0.0.1:8000/");
        assert!(fragment.starts_with("peers&scene="), "{}", &fragment[..20]);
        let back = link::from_fragment(fragment)
            .expect("the link reads")
            .expect("it holds a scene");
        assert_eq!(back.shapes, scene.shapes);
        assert_eq!(back.view.a, scene.shapes[2].name);
        assert_eq!(back.view.b, scene.shapes[3].name);
    }

    #[test]
    fn an_answer_link_opens_on_the_last_step() {
        let scene = welcome();
        let url = answer_link("http://localhost/", &scene);
        let back = link::from_fragment(url.split_once('#').expect("a fragment").1)
            .expect("the link reads")
            .expect("it holds a scene");
        let steps = AppState::new(scene, None).step_count();
        assert!(steps > 1, "the welcome scene's algorithm has steps");
        assert_eq!(back.view.step, steps - 1);
    }

    #[test]
    fn the_base_must_be_a_page_address_without_a_fragment() {
        assert!(check_base("http://127.0.0.1:8000/index.html").is_ok());
        assert!(check_base("https://example.org/collidescope/").is_ok());
        assert!(check_base("127.0.0.1:8000").is_err());
        assert!(check_base("http://x/#scene=").is_err());
    }
}
